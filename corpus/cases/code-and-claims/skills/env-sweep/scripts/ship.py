import json
from gather import gather

print(json.dumps({"count": len(gather())}))
