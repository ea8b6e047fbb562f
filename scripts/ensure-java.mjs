// @ts-check
// Makes sure the HTML validity test has Java (the Nu HTML Checker runs on it): installed
// with apt-get when missing and running as root; otherwise says exactly what to install.
import './require-node.mjs';
import { ensurePackage } from './ensure-package.mjs';

ensurePackage('/usr/bin/java', 'default-jre-headless', 'The HTML validity test (Nu HTML Checker)');
