"""The worker bridge under CPython (web/bridge, web/worker.py), by subject; the helpers in kit.py."""
