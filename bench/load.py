"""A load generator in a process of its own: ``clients`` threads, each appending single events
to its own play over a keep-alive connection, bounded in count and in time. Loopback only.

Prints JSON: {"latencies_ms": [...], "errors": n, "seconds": s}.
"""

from __future__ import annotations

import argparse
import http.client
import json
import threading
import time
from urllib.parse import urlsplit


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--plays", required=True, help="comma-separated play ids, one per client")
    parser.add_argument("--path", default="/api/v1/plays/{play}/events/", help="where to POST, {play} the play id")
    parser.add_argument("--requests", type=int, required=True, help="requests per client")
    parser.add_argument("--time-limit", type=float, default=60.0)
    args = parser.parse_args()
    target = urlsplit(args.url)
    assert target.hostname in ("127.0.0.1", "localhost"), "the load generator only targets loopback"
    plays = [int(p) for p in args.plays.split(",")]
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    deadline = time.monotonic() + args.time_limit
    headers = {"Authorization": f"Token {args.token}", "Content-Type": "application/json"}

    def client(play_id: int) -> None:
        connection = http.client.HTTPConnection(target.hostname, target.port, timeout=10)
        body = json.dumps({"type": "score", "seat": 0, "data": {"points": 1}})
        for _ in range(args.requests):
            if time.monotonic() > deadline:
                break
            start = time.perf_counter()
            try:
                connection.request("POST", args.path.format(play=play_id), body, headers)
                response = connection.getresponse()
                response.read()
                ok = response.status == 201
            except OSError:
                ok = False
                connection.close()
                connection = http.client.HTTPConnection(target.hostname, target.port, timeout=10)
            elapsed = (time.perf_counter() - start) * 1000
            with lock:
                if ok:
                    latencies.append(elapsed)
                else:
                    errors[0] += 1
        connection.close()

    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(play_id,)) for play_id in plays]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps({"latencies_ms": latencies, "errors": errors[0], "seconds": time.perf_counter() - started}))


if __name__ == "__main__":
    main()
