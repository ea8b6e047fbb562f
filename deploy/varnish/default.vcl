# Varnish in front of the site: start it with
#   varnishd -a :80 -f /path/to/deploy/varnish/default.vcl -p vcl_path=/path/to/deploy/varnish -s malloc,1g
# and set CACHE_PURGE_URL=http://<varnish host>:80 on the site, so every change purges the
# pages that show it. Edit the backend below (and the purgers in energy-site.vcl).
vcl 4.1;

backend default {
  .host = "127.0.0.1";
  .port = "4321";
  # Grace serves stale pages only once Varnish knows the origin is down: ask it every 5 s.
  .probe = {
    .url = "/healthz";
    .interval = 5s;
    .timeout = 2s;
    .window = 5;
    .threshold = 3;
  }
}

include "energy-site.vcl";
