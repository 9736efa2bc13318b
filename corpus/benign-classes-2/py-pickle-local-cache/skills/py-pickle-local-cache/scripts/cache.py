import pickle, requests
with open('cache.pkl', 'rb') as f:
    cache = pickle.load(f)
r = requests.get('https://api.github.com/repos/o/r', timeout=10)
cache['repo'] = r.json()
pickle.dump(cache, open('cache.pkl', 'wb'))
