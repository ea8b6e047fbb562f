// @ts-check
// Makes sure the shared-cache tests have Varnish 7 with varnish-modules (xkey): Debian's
// `varnish` and `varnish-modules`, installed with apt-get when missing and running as root.
import './require-node.mjs';
import { ensurePackage } from './ensure-package.mjs';

/** Where Debian keeps Varnish's modules on this architecture. */
const triplet = process.arch === 'arm64' ? 'aarch64-linux-gnu' : 'x86_64-linux-gnu';

ensurePackage('/usr/sbin/varnishd', 'varnish', 'The shared-cache tests');
ensurePackage(`/usr/lib/${triplet}/varnish/vmods/libvmod_xkey.so`, 'varnish-modules', 'The shared-cache tests');
