"""Python's cyclic collector kept from walking a large heap over and over while a big piece of
work allocates millions of objects that live (a document's layout, an event's reading).

At its default thresholds (700, 10, 10) the collector takes the youngest generation every 700
allocations and the whole heap every hundred of those (once a quarter more objects than it held
have lived past the middle generation): a piece of work that builds a large structure pays a few
walks of everything alive, each longer as the structure grows. Seen:

- printing (render/pdf.py): a fifth of a round's score sheets' processor time (the desk's 1,000
  tables, printed in its own process: WeasyPrint's boxes, styles and text runs of a form's part,
  a few million objects, walked some twenty times);
- the desk's reading of an event after a save (content/load.py's load_site, in a desk that holds
  the last reading, its pages and tokens): 1.4 s of a 2.5 s reading at 2,500 tables, four
  walks of the whole heap (bench/desk_reading.py).

While any such work runs, the youngest generation is collected after YOUNG_COLLECTION
allocations, not 700, and so the whole heap a tenth as often; cyclic garbage is still collected
(with no collection at all, 100 sheets printed in a process took 615 MB, not 400). The thresholds
are put back as they were once none runs (the desk prints and reads from threads of its server,
two at once perhaps)."""
from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator

YOUNG_COLLECTION = 10_000
_running = {"works": 0, "thresholds": gc.get_threshold()}
_guard = threading.Lock()


@contextlib.contextmanager
def collected_less() -> Iterator[None]:
    """The collector's youngest threshold raised to YOUNG_COLLECTION while this runs."""
    with _guard:
        if not _running["works"]:
            _running["thresholds"] = thresholds = gc.get_threshold()
            gc.set_threshold(max(thresholds[0], YOUNG_COLLECTION), *thresholds[1:])
        _running["works"] += 1
    try:
        yield
    finally:
        with _guard:
            _running["works"] -= 1
            if not _running["works"]:
                gc.set_threshold(*_running["thresholds"])
