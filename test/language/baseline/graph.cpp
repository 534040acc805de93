// The benchmark's baseline for the front end on big graphs: a plain C++ program that reads a
// `.game` file holding one graph (`graph NAME {`, one edge line `a -> b, c` or lone vertex per
// line, `}`) and one game of tokens on it (`game NAME = GRAPH at v, w`), and computes what
// `grundy analyze` computes for it: every vertex's nimber and the game's nimber (the XOR of its
// tokens' vertices). It checks nothing else (no diagnostics, no cycles: the file is acyclic), so it
// is the floor of the work. Compiled with g++ -O2 by test/language/bigGraph.bench.ts.
//
//   graph FILE      prints: vertices edges game-nimber
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  FILE *f = std::fopen(argv[1], "rb");
  if (!f) return 2;
  std::fseek(f, 0, SEEK_END);
  long size = std::ftell(f);
  std::fseek(f, 0, SEEK_SET);
  std::string text(size, '\0');
  if (std::fread(text.data(), 1, size, f) != (size_t)size) return 2;
  std::fclose(f);

  std::unordered_map<std::string_view, int> ids;
  ids.reserve(1 << 21);
  std::vector<int> from, to;
  auto id = [&](std::string_view name) {
    auto [it, inserted] = ids.try_emplace(name, (int)ids.size());
    return it->second;
  };
  // A name starts with a letter, digit or _; a hyphen only continues one (`->` is not a name).
  auto isStart = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; };
  auto isName = [&](char c) { return isStart(c) || c == '-'; };
  std::vector<std::string_view> tokens;
  size_t i = 0;
  bool inGraph = false;
  while (i < text.size()) {
    size_t end = text.find('\n', i);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + i, end - i);
    i = end + 1;
    size_t start = line.find_first_not_of(' ');
    if (start == std::string_view::npos) continue;
    line.remove_prefix(start);
    if (line.rfind("graph ", 0) == 0) {
      inGraph = true;
      continue;
    }
    if (line[0] == '}') {
      inGraph = false;
      continue;
    }
    if (!inGraph) {
      if (line.rfind("game ", 0) == 0) {
        size_t at = line.find(" at ");
        tokens.clear();
        size_t p = at + 4;
        while (p < line.size()) {
          while (p < line.size() && !isStart(line[p])) p++;
          size_t q = p;
          while (q < line.size() && isName(line[q])) q++;
          if (q > p) tokens.push_back(line.substr(p, q - p));
          p = q;
        }
      }
      continue;
    }
    size_t p = 0;
    while (p < line.size() && isName(line[p])) p++;
    int source = id(line.substr(0, p));
    while (p < line.size()) {
      while (p < line.size() && !isStart(line[p])) p++;
      size_t q = p;
      while (q < line.size() && isName(line[q])) q++;
      if (q > p) {
        from.push_back(source);
        to.push_back(id(line.substr(p, q - p)));
      }
      p = q;
    }
  }
  int n = (int)ids.size();
  std::vector<int> start(n + 1, 0), succ(from.size());
  for (int v : from) start[v + 1]++;
  for (int v = 0; v < n; v++) start[v + 1] += start[v];
  std::vector<int> fill(start.begin(), start.end() - 1);
  for (size_t e = 0; e < from.size(); e++) succ[fill[from[e]]++] = to[e];
  // Nimbers by an iterative depth-first search (post-order), mex with a stamped table.
  std::vector<int> nimber(n, -1), stack, next(n), seen(n + 2, -1);
  for (int root = 0; root < n; root++) {
    if (nimber[root] >= 0) continue;
    stack.push_back(root);
    next[root] = start[root];
    while (!stack.empty()) {
      int v = stack.back();
      if (next[v] < start[v + 1]) {
        int w = succ[next[v]++];
        if (nimber[w] < 0) {
          next[w] = start[w];
          stack.push_back(w);
        }
        continue;
      }
      for (int s = start[v]; s < start[v + 1]; s++) seen[nimber[succ[s]]] = v;
      int g = 0;
      while (seen[g] == v) g++;
      nimber[v] = g;
      stack.pop_back();
    }
  }
  int total = 0;
  for (auto name : tokens) total ^= nimber[ids.at(name)];
  std::printf("%d %zu %d\n", n, from.size(), total);
  return 0;
}
