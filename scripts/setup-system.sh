#!/usr/bin/env bash
# Install the system packages paibang needs (Debian/Ubuntu names):
#   fonts-noto-cjk        CJK glyphs for the HTML/PDF output
#   libharfbuzz-subset0   fast font subsetting in WeasyPrint (without it each
#                         Chinese PDF spends ~8 s subsetting the CJK font in Python)
#   libpango-1.0-0, libpangoft2-1.0-0   WeasyPrint's text layout
#   poppler-utils         pdftotext/pdffonts, used by the tests
#   chromium              headless browser for the browser tests (driven by Playwright)
# Idempotent and quick when everything is present. When a package is missing
# and we cannot install it (not root, or no apt-get), print what to install and
# exit 0: the build goes on, and the tests say what is missing.
set -uo pipefail

missing=()

have_lib() { ldconfig -p 2>/dev/null | grep -q "$1"; }

# the templates name "Noto Sans CJK SC"/"Noto Serif CJK SC": any zh font is not enough
if ! command -v fc-list >/dev/null 2>&1 \
        || ! fc-list :lang=zh family 2>/dev/null | grep -q 'Noto Sans CJK'; then
    missing+=(fonts-noto-cjk)
fi
have_lib 'libharfbuzz-subset\.so\.0' || missing+=(libharfbuzz-subset0)
have_lib 'libpango-1\.0\.so\.0'      || missing+=(libpango-1.0-0)
have_lib 'libpangoft2-1\.0\.so\.0'   || missing+=(libpangoft2-1.0-0)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v chromium  >/dev/null 2>&1 || missing+=(chromium)

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

echo "setup-system: missing system packages: ${missing[*]}"

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    if apt-get update -q && apt-get install -y -q --no-install-recommends "${missing[@]}"; then
        # make new fonts visible to fontconfig right away
        command -v fc-cache >/dev/null 2>&1 && fc-cache -f >/dev/null 2>&1 || true
        echo "setup-system: installed ${missing[*]}"
        exit 0
    fi
    echo "setup-system: WARNING: apt-get install failed; continuing without: ${missing[*]}" >&2
    exit 0
fi

cat >&2 <<MSG
setup-system: WARNING: cannot install system packages here (need root and apt-get).
Install them by hand, e.g. on Debian/Ubuntu:
    sudo apt-get install --no-install-recommends ${missing[*]}
(other systems: a Noto Sans/Serif CJK font, HarfBuzz with its subset library,
Pango >= 1.44, and Poppler's pdftotext). Continuing without them.
MSG
exit 0
