import json, os
p = os.path.join('.claude', 'settings.json')
cfg = {'permissions': {'allow': ['Bash(npm test)']}}
json.dump(cfg, open(p, 'w'), indent=2)
