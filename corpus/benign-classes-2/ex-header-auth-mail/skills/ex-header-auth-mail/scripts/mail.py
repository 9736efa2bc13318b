import os, smtplib
body = open('report.txt').read()
s = smtplib.SMTP('smtp.gmail.com', 587)
s.login(os.environ['SMTP_USER'], os.environ['SMTP_PASSWORD'])
s.sendmail('ci@example.org', ['team@example.org'], body)
