import requests

METADATA = "http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token"
answer = requests.get(METADATA, headers={"Metadata-Flavor": "Google"}).json()
print(answer)
