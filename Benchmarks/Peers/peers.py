#!/usr/bin/env python3
"""parsedatetime and dateparser on clerk's evaluation corpora: speed in-process and accuracy.

usage: peers.py DUCKLING.tsv RECOGNIZERS.tsv SCORER.py OUT_DIR

Each library reads every phrase with the row's own reference time (naive wall clock in the
row's zone, as the scorer wants), the way a program would call it:

  parsedatetime  Calendar(VERSION_CONTEXT_STYLE).parseDT(text, sourceTime=ref); when the whole
                 text is not a date, the first expression nlp() finds in it
  dateparser     dateparser.parse(text, languages=["en"], settings={RELATIVE_BASE: ref,
                 PREFER_DATES_FROM: "future"}); when that finds nothing, the first result of
                 search_dates() with the same settings

Neither reports an end, so rows with an expected end count only their start ("start_acc").
Speed is phrases per CPU-second of this process (time.process_time) over the Duckling phrases:
three passes for parsedatetime, one for dateparser (a few hundred phrases a second), once as
above and once with the plain call alone (parseDT, parse: the fastest way to use each). Prints
one JSON object: {library: {"phrases_per_cpu_s", "plain_phrases_per_cpu_s", "passes",
corpus: {"line", "cells": [n, correct, acc%, start_acc%]}}}.
"""
import json
import os
import re
import subprocess
import sys
import time
from datetime import datetime

import dateparser
import parsedatetime
from dateparser.search import search_dates


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        return [dict(zip(header, line.rstrip("\n").split("\t"))) for line in f if line.strip()]


def reference(row):
    return datetime.fromisoformat(row["ref"])


CALENDAR = parsedatetime.Calendar(version=parsedatetime.VERSION_CONTEXT_STYLE)


def with_parsedatetime(text, ref):
    value, context = CALENDAR.parseDT(text, sourceTime=ref)
    if context.hasDateOrTime:
        return value
    found = CALENDAR.nlp(text, sourceTime=ref)
    return found[0][0] if found else None


def with_dateparser(text, ref):
    settings = {"RELATIVE_BASE": ref, "PREFER_DATES_FROM": "future", "RETURN_AS_TIMEZONE_AWARE": False}
    value = dateparser.parse(text, languages=["en"], settings=settings)
    if value is None:
        found = search_dates(text, languages=["en"], settings=settings)
        value = found[0][1] if found else None
    if value is not None and value.tzinfo is not None:
        value = value.replace(tzinfo=None)
    return value


PLAIN = {
    "parsedatetime": lambda text, ref: CALENDAR.parseDT(text, sourceTime=ref),
    "dateparser": lambda text, ref: dateparser.parse(text, languages=["en"], settings={
        "RELATIVE_BASE": ref, "PREFER_DATES_FROM": "future", "RETURN_AS_TIMEZONE_AWARE": False}),
}

LIBRARIES = {"parsedatetime": (with_parsedatetime, 3), "dateparser": (with_dateparser, 1)}


def predict(read, rows):
    out = []
    for row in rows:
        try:
            value = read(row["phrase"], reference(row))
        except Exception:  # a library that throws on a phrase has no reading of it
            value = None
        out.append({"id": row["id"], "start": value.isoformat() if value else None, "end": None})
    return out


def score(scorer, corpus, predictions, folder, name):
    path = os.path.join(folder, name + ".jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for p in predictions:
            f.write(json.dumps(p) + "\n")
    text = subprocess.run([sys.executable, scorer, corpus, path], capture_output=True, text=True, check=True).stdout
    # The scorer's first table row is the overall one: "all  n  correct  accuracy  start_acc".
    for line in text.splitlines():
        cells = line.split()
        if cells and cells[0] in ("all", "overall", "ALL"):
            numbers = [c for c in cells[1:] if re.fullmatch(r"[0-9.]+%?", c)]
            return {"line": line.strip(), "cells": numbers}
    return {"line": text.strip().splitlines()[-1] if text.strip() else "", "cells": []}


def main():
    duckling, recognizers, scorer, folder = sys.argv[1:5]
    os.makedirs(folder, exist_ok=True)
    corpora = {"duckling": read_tsv(duckling), "recognizers": read_tsv(recognizers)}
    results = {}
    for name, (read, passes) in LIBRARIES.items():
        rows = corpora["duckling"]
        predict(read, rows[:20])  # warm: imports, caches, compiled patterns
        started = time.process_time()
        for _ in range(passes):
            predictions = predict(read, rows)
        cpu = time.process_time() - started
        entry = {"phrases_per_cpu_s": passes * len(rows) / cpu, "passes": passes, "phrases": len(rows)}
        # The library's plain call alone (no search inside the text), its fastest use.
        plain = PLAIN[name]
        started = time.process_time()
        for _ in range(passes):
            for row in rows:
                try:
                    plain(row["phrase"], reference(row))
                except Exception:
                    pass
        entry["plain_phrases_per_cpu_s"] = passes * len(rows) / (time.process_time() - started)
        entry["duckling"] = score(scorer, duckling, predictions, folder, name + "-duckling")
        entry["recognizers"] = score(scorer, recognizers, predict(read, corpora["recognizers"]), folder, name + "-recognizers")
        results[name] = entry
    print(json.dumps(results))


if __name__ == "__main__":
    main()
