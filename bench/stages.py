"""The generator stage of one campaign, stage by stage, in a fresh process (bench/run.py).

    python bench/stages.py CONTENT_DIR BUILD_DIR

Loads the campaign, replays it and writes both docs trees into BUILD_DIR (as
``hexcrawl build --docs-only`` does), then prints one JSON object: the seconds of each stage
(``load``, ``replay``, ``views``, ``render``, ``write``; the last three summed over both
audiences), their ``total``, and ``peak_rss_mb``, the peak resident memory of the process
or of its largest worker.
A fresh process per measurement keeps one run's caches and memory out of the next.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path


def main() -> None:
    content, build = Path(sys.argv[1]), Path(sys.argv[2])
    from generator.audience import AUDIENCES
    from generator.content.loader import load_campaign
    from generator.replay import replay
    from generator.site.build import write_docs

    times: dict[str, float] = {}
    start = time.perf_counter()
    campaign, diags = load_campaign(content)
    times["load"] = time.perf_counter() - start
    if campaign is None or diags.has_errors():
        sys.exit("the synthetic campaign does not load:\n"
                 + "\n".join(d.format() for d in diags.sorted()))
    mark = time.perf_counter()
    chronicle, replay_diags = replay(campaign)
    times["replay"] = time.perf_counter() - mark
    if replay_diags.has_errors():
        sys.exit("the synthetic campaign does not replay")
    for audience in AUDIENCES:
        write_docs(campaign, chronicle, audience, build_dir=build,
                   out_dir=build.parent / "site", timings=times)
    times["total"] = time.perf_counter() - start
    # kilobytes on Linux; the workers that draw session pages are children
    peak_kb = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    print(json.dumps({**{k: round(v, 3) for k, v in times.items()},
                      "peak_rss_mb": round(peak_kb / 1024, 1)}))


if __name__ == "__main__":
    main()
