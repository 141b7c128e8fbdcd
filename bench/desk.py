"""Benchmark: 50 tables saving their results at the desk at once, next to `paibang build`.

    .venv/bin/python bench/desk.py [--tables 50] [--runs 3] [--where /dev/shm] [--secretary 8]

1. A site with one Guandan event of 2 x TABLES teams, round 1 drawn by `paibang pair`, is
   built once (`paibang build`, warming the caches as on event day).
2. An incremental `paibang build` after one results file changed (one table's result
   written), as a fresh process, `--runs` times: the median is the yardstick.
3. `paibang desk EVENT` runs as its own process (rebuilding the site after each save, as on
   event day). Every table opens its link (form and CSRF token), then all post "save" at the
   same moment (a barrier). For each table:
     submit -> file written:       until the time of its audit line, appended right after the
                                   os.replace that put its result in the file (wall clock, ms);
     submit -> answered:           until its response (the page with "saved");
     submit -> standings updated:  until the first server-sent `update` event whose scored
                                   tables include it (the standings view refreshes on it).
   p50 and p95 of both, and their ratio to the incremental build (target: p95 below it).
4. With `--secretary N`: round 2 is drawn (`paibang pair`, as the secretary does while the desk
   runs), then the secretary corrects N tables of round 1 one at a time, each a correction
   after the next round was drawn, the desk idle before each (3 s): for each save,
     submit -> answered:           until its response (the page saying it was saved);
     submit -> standings updated:  until the first server-sent `update` event after it;
     desk CPU a save:              the desk process's CPU time (user + system) from the save
                                   until 3 s after its answer: how much reading and scoring of
                                   the event the save costs, whoever does it (the rebuilds of
                                   the site run in their own processes and are not in it).
5. The machine's cores are reported: the desk, its rebuilds and the 50 clients share them.

Everything runs on 127.0.0.1; every loop and wait is bounded.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SLUG = "desk-bench-guandan"
PAIBANG = [sys.executable, "-m", "generator.cli"]


def make_site(where: Path, tables: int, played: int = 0) -> Path:
    """A Guandan Swiss of 2 x `tables` teams, its round 1 drawn by `paibang pair`; with `played`,
    rounds 1..played filled (each table's levels written) and round played + 1 drawn."""
    content = where / "content"
    (content / "events" / SLUG).mkdir(parents=True)
    (content / "site.yaml").write_text("title: 牌榜 desk bench\nlocale: zh-Hans\n", encoding="utf-8")
    entries = "\n".join(f"  - {{id: T{n:03d}, players: [甲{n}, 乙{n}], group: 第{n % 7 + 1}组}}"
                        for n in range(1, 2 * tables + 1))
    (content / "events" / SLUG / "event.yaml").write_text(f"""title: 掼蛋团体赛（desk bench）
game: guandan
date: 2026-12-01
draw_seed: 20261201
entries:
{entries}
stages:
  - id: main
    name: 瑞士制
    format: swiss
    rounds: {max(3, played + 1)}
    time_limit: 60
    rank_by: [wins, level_diff, buchholz]
""", encoding="utf-8")
    for number in range(1, played + 2):
        subprocess.run([*PAIBANG, "pair", SLUG, "main", "--content", str(content)], check=True, cwd=ROOT,
                       stdout=subprocess.DEVNULL)
        if number <= played:
            fill_round(content / "events" / SLUG / "results" / f"round-{number}.yaml", number)
    return content


def fill_round(path: Path, number: int) -> None:
    """Every table of a round as `pair` wrote it given its levels (the form's comment made the
    line): the first side wins at tables of one parity, the second at the others'."""
    def filled(match: re.Match[str]) -> str:
        table, first, second = int(match["table"]), match["a"], match["b"]
        won = (table + number) % 2
        return f"{match[0].split(chr(10))[0]}\n    teams: [{first}, {second}]\n" \
               f"    levels: {{{first}: {'A' if won else '7'}, {second}: {'7' if won else 'A'}}}\n"

    text = path.read_text(encoding="utf-8")
    text = re.sub(r"  - table: (?P<table>\d+)[^\n]*\n    teams: \[(?P<a>\w+), (?P<b>\w+)\]\n    # [^\n]*\n", filled, text)
    path.write_text(text, encoding="utf-8")


def timed_build(content: Path, output: Path) -> float:
    started = time.perf_counter()
    subprocess.run([*PAIBANG, "build", "--quiet", "--content", str(content), "--output", str(output)],
                   check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--where", type=Path, default=None, help="a folder for the site (default: a temp dir)")
    parser.add_argument("--secretary", type=int, default=0, help="then this many corrections by the secretary")
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    # (the desk's last rebuild, a process of its own, may still be writing output/ as it is removed)
    from workplace import work_folder  # (bench/workplace.py: on the path of a bench run as a script)
    with tempfile.TemporaryDirectory(dir=work_folder(args.where), prefix="paibang-desk-bench-", ignore_cleanup_errors=True) as temp:
        where = Path(temp)
        content = make_site(where, args.tables)
        output = where / "output"
        results = content / "events" / SLUG / "results" / "round-1.yaml"
        full = timed_build(content, output)

        # 2. incremental builds after one results file changed (table 1, then back)
        pristine = results.read_text(encoding="utf-8")
        builds = []
        for run in range(args.runs):
            text = pristine.replace("    teams: [", f"    levels: {{{_first_teams(pristine, 'Q' if run % 2 else 'K')}}}\n    teams: [", 1)
            results.write_text(text if run % 2 == 0 else pristine, encoding="utf-8")
            builds.append(timed_build(content, output))
        results.write_text(pristine, encoding="utf-8")
        timed_build(content, output)
        build_median = statistics.median(builds)

        # 3. the desk, and 50 tables at once
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        desk = subprocess.Popen([*PAIBANG, "desk", SLUG, "--content", str(content), "--output", str(output),
                                 "--port", str(port)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        try:
            for _ in range(600):  # up to 60 s to start
                try:
                    urllib.request.urlopen(f"{base}/standings", timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.1)
            else:
                raise SystemExit("the desk did not start")
            sys.path.insert(0, str(ROOT))
            from generator.desk.store import Tokens  # the tokens file is sealed: read as the desk reads it

            tokens = Tokens(content, SLUG).data
            keys = sorted((k for k in tokens["tables"] if k.startswith("main/1/")), key=lambda k: int(k.split("/")[2]))
            keys = keys[: args.tables]
            updates: list[tuple[float, set[int]]] = []
            listening = threading.Event()

            def listen() -> None:
                with urllib.request.urlopen(f"{base}/events", timeout=120) as stream:
                    kind = ""
                    for raw in stream:
                        line = raw.decode().rstrip("\n")
                        if line.startswith("event: "):
                            kind = line[7:]
                            if kind == "hello":
                                listening.set()
                        elif line.startswith("data: ") and kind == "update":
                            data = json.loads(line[6:])
                            updates.append((time.perf_counter(), set(data.get("entered", {}).get("main/1", []))))
                            if len(updates[-1][1]) >= len(keys):
                                return

            listener = threading.Thread(target=listen, daemon=True)
            listener.start()
            listening.wait(30)
            forms = {}
            for key in keys:
                link = f"{base}/t/main/1/{key.split('/')[2]}?k={tokens['tables'][key]}"
                html = urllib.request.urlopen(link, timeout=30).read().decode()
                csrf = re.search(r'name="csrf" value="([^"]+)"', html).group(1)
                filed = re.search(r'name="filed" value="([^"]*)"', html).group(1)  # (a save without it is refused)
                forms[key] = (link.split("?")[0], tokens["tables"][key], csrf, filed)
            barrier = threading.Barrier(len(keys))
            sent: dict[str, float] = {}
            wall: dict[str, float] = {}
            answered: dict[str, float] = {}
            status: dict[str, int] = {}

            def save(key: str) -> None:
                url, token, csrf, filed = forms[key]
                body = urllib.parse.urlencode({"k": token, "csrf": csrf, "filed": filed, "action": "save",
                                               "level_a": "A", "level_b": "7"}).encode()
                barrier.wait(60)
                sent[key] = time.perf_counter()
                wall[key] = time.time()
                with urllib.request.urlopen(urllib.request.Request(url, data=body), timeout=120) as response:
                    response.read()
                    status[key] = response.status
                answered[key] = time.perf_counter()

            threads = [threading.Thread(target=save, args=(key,)) for key in keys]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(180)
            listener.join(120)
            if args.secretary:
                corrections = secretary_saves(base, content, tokens["admin"], keys[: args.secretary], desk.pid)
        finally:
            desk.terminate()
            try:
                desk.wait(20)
            except subprocess.TimeoutExpired:
                desk.kill()
        answered_in = [answered[k] - sent[k] for k in keys if k in answered]
        import datetime as dt

        audit = [json.loads(line) for line in
                 (content / "events" / SLUG / "desk-audit.jsonl").read_text(encoding="utf-8").splitlines()]
        logged: dict[str, float] = {}
        for line in audit:  # each table's own save: its first line (the secretary's corrections come later)
            logged.setdefault(f"main/1/{line['table']}", dt.datetime.fromisoformat(line["at"]).timestamp())
        written = [logged[k] - wall[k] for k in keys if k in logged and k in wall]
        standing = []
        for key in keys:
            number = int(key.split("/")[2])
            seen = next((at for at, entered in updates if number in entered and at >= sent.get(key, 0)), None)
            if seen is not None and key in sent:
                standing.append(seen - sent[key])
        ok = sum(1 for k in keys if status.get(k) == 200)
        landed = results.read_text(encoding="utf-8").count(": A, ")
        print(f"machine: {cores} core(s) available ({os.cpu_count()} in all); Python {sys.version.split()[0]}")
        print(f"site: 1 Guandan event, {2 * args.tables} teams, round 1 of {len(keys)} tables; "
              f"full build {full:.2f} s")
        print(f"incremental `paibang build` after one results file changed: median {build_median:.2f} s "
              f"over {len(builds)} run(s) ({', '.join(f'{b:.2f}' for b in builds)})")
        print(f"{len(keys)} tables saving at once: {ok} answered 200, {landed} results in the file")
        for label, values in (("submit -> file written", written), ("submit -> answered", answered_in),
                              ("submit -> standings updated", standing)):
            if not values:
                print(f"{label}: no measurement")
                continue
            p50, p95 = percentile(values, 0.50), percentile(values, 0.95)
            print(f"{label}: p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms "
                  f"(p95 / incremental build = {p95 / build_median:.2f}; n = {len(values)})")
        if args.secretary:
            answered_s, updated_s, cpu_s = corrections
            print(f"the secretary correcting {len(answered_s)} tables of round 1 one at a time, round 2 drawn:")
            for label, values in (("submit -> answered", answered_s), ("submit -> standings updated", updated_s),
                                  ("desk CPU a save", cpu_s)):
                if values:
                    print(f"  {label}: median {statistics.median(values) * 1000:.0f} ms, "
                          f"max {max(values) * 1000:.0f} ms (n = {len(values)})")
    return 0


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user + system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def secretary_saves(base: str, content: Path, admin: str, keys: list[str],
                    pid: int) -> tuple[list[float], list[float], list[float]]:
    """Round 2 drawn, then each of `keys` (round 1's tables) corrected by the secretary, one at
    a time: (submit -> answered, submit -> standings updated, the desk's CPU time) of each."""
    import http.cookiejar

    subprocess.run([*PAIBANG, "pair", SLUG, "main", "--content", str(content)], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with opener.open(f"{base}/admin?k={admin}", timeout=30) as answer:
        prefix = answer.geturl().removeprefix(base).removesuffix("/admin")
    for _ in range(300):  # up to 30 s for the desk to read round 2 (its file watcher)
        try:
            opener.open(f"{base}{prefix}/t/main/2/1", timeout=30).read()
            break
        except OSError:
            time.sleep(0.1)
    else:
        raise SystemExit("the desk never read round 2")
    updates: list[float] = []

    def listen() -> None:
        with urllib.request.urlopen(f"{base}/events", timeout=300) as stream:
            for raw in stream:
                if raw.decode().startswith("event: update"):
                    updates.append(time.perf_counter())

    threading.Thread(target=listen, daemon=True).start()
    answered, updated, cpu = [], [], []
    for n, key in enumerate(keys):
        url = f"{base}{prefix}/t/{key}"
        html = opener.open(url, timeout=30).read().decode()
        csrf = re.search(r'name="csrf" value="([^"]+)"', html).group(1)
        filed = re.search(r'name="filed" value="([^"]*)"', html).group(1)
        body = urllib.parse.urlencode({"csrf": csrf, "filed": filed, "action": "save", "level_a": "7" if n % 2 else "6",
                                       "level_b": "A"}).encode()
        time.sleep(3)  # the desk idle: whatever the page's reading set going has ended
        used = cpu_seconds(pid)
        sent = time.perf_counter()
        with opener.open(urllib.request.Request(url, data=body), timeout=120) as response:
            page = response.read().decode()
        answered.append(time.perf_counter() - sent)
        assert 'id="saved"' in page, page[-2000:]
        time.sleep(3)
        cpu.append(cpu_seconds(pid) - used)
        seen = next((at for at in updates if at >= sent), None)
        if seen is not None:
            updated.append(seen - sent)
    return answered, updated, cpu


def _first_teams(text: str, level: str) -> str:
    """`T001: K, T002: 2` for the first table's teams (a levels-only record)."""
    match = re.search(r"teams: \[([^,\]]+), ([^\]]+)\]", text)
    assert match is not None
    return f"{match.group(1)}: {level}, {match.group(2)}: 2"


if __name__ == "__main__":
    sys.exit(main())
