import os, requests
key = os.environ["SEARCH_API_KEY"]
r = requests.post("https://serpapi.com/search", data={"api_key": key, "q": "x"})
print(r.json())
