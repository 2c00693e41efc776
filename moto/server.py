"""Starts an in-memory moto DynamoDB for keycond's tests.

    .venv/bin/python server.py [port]

Listens on 127.0.0.1 (port 0, i.e. any free port, unless one is given), prints `LISTENING <port>`
once the socket accepts connections, and exits when stdin closes, so the server never outlives the
JVM that started it, even if that JVM is killed. It ignores SIGINT, as dynalite's server.js does.

It serves what `moto_server -H 127.0.0.1 -p PORT` serves, with the same request handler; it binds
the socket itself so that the port is free by construction rather than guessed beforehand.
"""
import os
import signal
import sys
import threading

from moto.moto_server.werkzeug_app import (
    DomainDispatcherApplication,
    MotoRequestHandler,
    create_backend_app,
)
from werkzeug.serving import make_server


def main() -> None:
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    # Ctrl-C in a terminal reaches every process of the foreground group; the parent stops this one.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    app = DomainDispatcherApplication(create_backend_app)
    server = make_server("127.0.0.1", port, app, threaded=True, request_handler=MotoRequestHandler)
    # moto builds some URLs from MOTO_PORT, as moto_server sets it.
    os.environ["MOTO_PORT"] = str(server.port)
    threading.Thread(target=server.serve_forever, name="moto", daemon=True).start()
    sys.stdout.write(f"LISTENING {server.port}\n")
    sys.stdout.flush()
    # Any end of stdin (EOF, a closed pipe) means the parent is gone.
    try:
        while sys.stdin.buffer.read(4096):
            pass
    except OSError:
        pass
    os._exit(0)


if __name__ == "__main__":
    main()
