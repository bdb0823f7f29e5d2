"""Real parts for the tests: an MQTT broker, a live web server and a browser."""
