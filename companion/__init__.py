"""The table companion service.

What it is for: everything that runs at the table. Sensor links to the board
under the table (USB serial and MQTT), reconciliation of what camera and
sensors see with the rules engine, the SQLite event log that lets a game be
resumed or replayed, the FastAPI server with the phone web view, and the
``companion`` command line.

What it may import: ``engine``, ``vision`` and the runtime dependencies
(numpy, OpenCV, pyserial, paho-mqtt, FastAPI, uvicorn, pydantic).
"""
