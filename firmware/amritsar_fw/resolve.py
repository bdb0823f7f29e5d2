"""The broker's address, looked up with a bounded wait.

``socket.getaddrinfo`` on the board waits for the name server as long as lwIP
likes, and the scan loop waits with it (buttons, tags, the hardware watchdog).
So the MQTT link looks names up itself: one DNS question over UDP to the name
server the Wi-Fi gave (``hw.dns_server()``), or by multicast DNS to
224.0.0.251:5353 for a ``.local`` name (asking for a unicast answer), each
try waiting at most ``DNS_TIMEOUT_S``, ``DNS_TRIES`` tries. An IP address is
used as it is, without a lookup; an answer is kept until a connection to it
fails. Without a known name server (a port without ``dns_server``) the
platform's ``getaddrinfo`` is used.
"""

DNS_TIMEOUT_S = 2
DNS_TRIES = 2
MDNS = ("224.0.0.251", 5353)


def is_ip(host):
    parts = host.split(".")
    if len(parts) != 4:
        return False
    return all(part.isdigit() and int(part) <= 255 for part in parts)


def question(name, qid, unicast=False):
    """A DNS query for the A record of ``name``."""
    out = bytearray([qid >> 8, qid & 0xFF, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0])
    for label in name.rstrip(".").split("."):
        raw = label.encode()
        if not 0 < len(raw) < 64:
            raise OSError("not a host name: %r" % (name,))
        out.append(len(raw))
        out.extend(raw)
    out.extend(b"\x00\x00\x01")  # end of name, type A
    out.extend(b"\x80\x01" if unicast else b"\x00\x01")  # class IN (QU bit for mDNS)
    return bytes(out)


def _skip_name(data, at):
    while True:
        n = data[at]
        if n == 0:
            return at + 1
        if n & 0xC0 == 0xC0:  # a pointer ends the name
            return at + 2
        at += n + 1


def answer(data, qid):
    """The first IPv4 address in a DNS reply to ``qid``, or None."""
    if len(data) < 12 or (data[0] << 8 | data[1]) != qid or not data[2] & 0x80:
        return None
    if data[3] & 0x0F:  # an error: no such name, refused
        return None
    questions = data[4] << 8 | data[5]
    answers = data[6] << 8 | data[7]
    at = 12
    try:
        for _ in range(questions):
            at = _skip_name(data, at) + 4
        for _ in range(answers):
            at = _skip_name(data, at)
            kind = data[at] << 8 | data[at + 1]
            size = data[at + 8] << 8 | data[at + 9]
            at += 10
            if kind == 1 and size == 4:
                return "%d.%d.%d.%d" % (data[at], data[at + 1], data[at + 2], data[at + 3])
            at += size
    except IndexError:
        return None
    return None


def lookup(sockmod, name, server, hw, qid=0x4D31):
    """``name``'s IPv4 address from ``server`` ((host, port)); OSError after the tries.

    ``hw`` gives the clock (``ticks_ms``, ``ticks_diff``)."""
    unicast = server == MDNS
    where = sockmod.getaddrinfo(server[0], server[1])[0][-1]
    for attempt in range(DNS_TRIES):
        sock = sockmod.socket(sockmod.AF_INET, sockmod.SOCK_DGRAM)
        try:
            sock.settimeout(DNS_TIMEOUT_S)
            sock.sendto(question(name, qid + attempt, unicast), where)
            start = hw.ticks_ms()
            while hw.ticks_diff(hw.ticks_ms(), start) < DNS_TIMEOUT_S * 1000:
                try:
                    got = answer(sock.recv(512), qid + attempt)
                except OSError:  # the timeout
                    break
                if got is not None:
                    return got
        finally:
            sock.close()
    raise OSError(
        "no answer for %s from %s within %d s" % (name, server[0], DNS_TIMEOUT_S * DNS_TRIES)
    )


class Resolver:
    """Names to addresses for umqtt's ``socket.getaddrinfo``, bounded and remembered."""

    def __init__(self, sockmod):
        self.sockmod = sockmod
        #: The board's clock and (host, port) of its name server
        #: (``hw.dns_server()``), set by the link before each connection.
        self.hw = None
        self.server = None
        self.known = {}

    def getaddrinfo(self, host, port, *rest):
        local = host.endswith(".local")
        if is_ip(host) or self.hw is None or (self.server is None and not local):
            return self.sockmod.getaddrinfo(host, port, *rest)
        ip = self.known.get(host)
        if ip is None:
            ip = lookup(self.sockmod, host, MDNS if local else self.server, self.hw)
            self.known[host] = ip
        return self.sockmod.getaddrinfo(ip, port, *rest)

    def forget(self, host):
        self.known.pop(host, None)
