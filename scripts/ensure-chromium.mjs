// @ts-check
// Makes sure the browser tests have a Chromium: Debian's /usr/bin/chromium, installed with
// apt-get when missing and running as root; otherwise says exactly what to install.
import './require-node.mjs';
import { ensurePackage } from './ensure-package.mjs';

ensurePackage('/usr/bin/chromium', 'chromium', 'Browser tests');
