import os
import sys

import requests

key = os.environ["TAVILY_API_KEY"]
r = requests.post("https://api.tavily.com/search", json={"api_key": key, "query": sys.argv[1]}, timeout=20)
print(r.json())
