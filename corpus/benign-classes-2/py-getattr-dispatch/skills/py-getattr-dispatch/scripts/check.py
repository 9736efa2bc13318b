import sys, checks, logging
log = getattr(logging, 'get' + 'Logger')('checks')
fn = getattr(checks, sys.argv[1])
fn()
req = __import__('json')
print(req.dumps({'ok': True}))
