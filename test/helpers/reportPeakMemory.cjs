// Preloaded (`node --require`) into a process whose peak memory a benchmark reads: at exit, one
// line on stderr, "peak-rss-kib N".
process.on('exit', () => {
  require('node:fs').writeSync(2, `peak-rss-kib ${process.resourceUsage().maxRSS}\n`);
});
