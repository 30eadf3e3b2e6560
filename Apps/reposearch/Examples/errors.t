# reposearch: --cassette errors.cassette.json
Type 'search QUERY' to search GitHub's repositories (e.g. 'search swift repl').
repos> state --json
{"stack":["search"],"query":null,"page":0,"total":0,"repositories":[],"selected":null,"ratelimit":null}
repos> open 1
error: nothing is listed yet: type 'search QUERY' first (e.g. 'search swift repl')
repos> next
error: there is no search to page through yet: type 'search QUERY' first
repos> search
error: 'search' needs QUERY (usage: search QUERY…)
repos> search "   "
error: search needs some words: type e.g. 'search swift repl' or 'search language:swift stars:>1000'
repos> search ratelimit
error: search failed: GitHub's rate limit is used up: try again after 16:03 UTC, when GitHub's limit resets; set GITHUB_TOKEN for a higher limit (the page shown is kept)
repos> state --json
{"stack":["search"],"query":null,"page":0,"total":0,"repositories":[],"selected":null,"ratelimit":{"limit":10,"remaining":0}}
repos> search abuse
error: search failed: GitHub asks to slow down: try again in 60 seconds (the page shown is kept)
repos> search swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift swift
error: search failed: GitHub cannot search for that: The search is longer than 256 characters. (type e.g. 'search swift repl')
repos> search slow swift
Found 8 repositories for "slow swift" (page 1 of 1):
1. apple/swift  ★ 69,210  C++  The Swift Programming Language
2. onevcat/Kingfisher  ★ 23,410  Swift  A lightweight, pure-Swift library for downloading and cachi…
3. pointfreeco/swift-composable-architecture  ★ 13,121  Swift  A library for building applications in a consistent and und…
4. kean/Nuke  ★ 8,120  Swift  Image loading system
5. apple/swift-argument-parser  ★ 3,512  Swift  Straightforward, type-safe argument parsing for Swift
6. Clean-Swift/CleanStore  ★ 1,921  Swift  A sample iOS app built using the Clean Swift architecture
7. swiftlang/swift-docc  ★ 1,210  Swift  Documentation compiler that produces rich API reference doc…
8. swiftlang/swift-repl-kit  ★ 412  Swift  A toolkit for REPLs written in Swift
GitHub's search timed out before it looked at everything: some matches may be missing (try a narrower query).
Type 'open N' for a repository.
repos> page 0
error: there is no page 0: pages are 1…1 (type e.g. 'page 1')
repos> page two
error: there is no page two: pages are 1…1 (type e.g. 'page 1')
repos> search ghost
Found 1 repository for "ghost" (page 1 of 1):
1. ghost/unicode<U+202E>txt.exe  ★ 3  A description with an ESC ^[[31mred^[[0m and a new line
Type 'open N' for a repository.
repos> open 1
ghost/unicode<U+202E>txt.exe
  description  A description with an ESC ^[[31mred^[[0m and a new line
  stars        3
  forks        0
  open issues  1
  language     (none)
  licence      (none)
  url          https://github.com/ghost/unicode<U+202E>txt.exe
  owner        ghost
repos/detail> state --json
{"stack":["search","detail"],"query":"ghost","page":1,"total":1,"repositories":["ghost/unicode<U+202E>txt.exe"],"selected":"ghost/unicode<U+202E>txt.exe","ratelimit":{"limit":10,"remaining":9},"repository":"ghost/unicode<U+202E>txt.exe"}
repos/detail> back
Found 1 repository for "ghost" (page 1 of 1):
1. ghost/unicode<U+202E>txt.exe  ★ 3  A description with an ESC ^[[31mred^[[0m and a new line
Type 'open N' for a repository.
repos> open 2
error: there is no repository 2 on this page: it lists 1…1 (type e.g. 'open 1')
repos> search negative-wait
error: search failed: GitHub's rate limit is used up: try again after 16:03 UTC, when GitHub's limit resets; set GITHUB_TOKEN for a higher limit (the page shown is kept)
repos> search endless-wait
error: search failed: GitHub's rate limit is used up: try again after 16:03 UTC, when GitHub's limit resets; set GITHUB_TOKEN for a higher limit (the page shown is kept)
repos> search negative-total
Found 3 repositories for "negative-total" (page 1 of 1):
1. hostile/one  ★ 0  Swift
2. hostile/two  ★ 0  Swift
3. hostile/three  ★ 12  Swift
Type 'open N' for a repository.
repos> open 2
hostile/two
  description  (no description)
  stars        0
  forks        0
  open issues  0
  language     Swift
  licence      (none)
  url          https://github.com/hostile/two
  owner        hostile
repos/detail> back
Found 3 repositories for "negative-total" (page 1 of 1):
1. hostile/one  ★ 0  Swift
2. hostile/two  ★ 0  Swift
3. hostile/three  ★ 12  Swift
Type 'open N' for a repository.
repos> search forged
error: search failed: boom^Jrepos> FORGED (the page shown is kept; type the command again to retry)
