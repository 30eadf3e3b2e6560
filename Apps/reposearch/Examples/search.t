# reposearch: --cassette search.cassette.json
Type 'search QUERY' to search GitHub's repositories (e.g. 'search swift repl').
repos> search swift repl
Found 1 repository for "swift repl" (page 1 of 1):
1. swiftlang/swift-repl-kit  ★ 412  Swift  A toolkit for REPLs written in Swift
Type 'open N' for a repository.
repos> open 1
swiftlang/swift-repl-kit
  description  A toolkit for REPLs written in Swift
  stars        412
  forks        23
  open issues  7
  language     Swift
  licence      MIT License
  url          https://github.com/swiftlang/swift-repl-kit
  owner        swiftlang
repos/detail> state --json
{"stack":["search","detail"],"query":"swift repl","page":1,"total":1,"repositories":["swiftlang/swift-repl-kit"],"selected":"swiftlang/swift-repl-kit","ratelimit":{"limit":10,"remaining":9},"repository":"swiftlang/swift-repl-kit"}
repos/detail> back
Found 1 repository for "swift repl" (page 1 of 1):
1. swiftlang/swift-repl-kit  ★ 412  Swift  A toolkit for REPLs written in Swift
Type 'open N' for a repository.
repos> search language:swift image
Found 2 repositories for "language:swift image" (page 1 of 1):
1. onevcat/Kingfisher  ★ 23,410  Swift  A lightweight, pure-Swift library for downloading and cachi…
2. kean/Nuke  ★ 8,120  Swift  Image loading system
Type 'open N' for a repository.
repos> search popular
Found 1,234 repositories for "popular" (page 1 of 100):
 1. popular/project-0000  ★ 50,000  Swift  Popular project number 0
 2. popular/project-0001  ★ 49,999  Swift  Popular project number 1
 3. popular/project-0002  ★ 49,998  Swift  Popular project number 2
 4. popular/project-0003  ★ 49,997  Swift  Popular project number 3
 5. popular/project-0004  ★ 49,996  Swift  Popular project number 4
 6. popular/project-0005  ★ 49,995  Swift  Popular project number 5
 7. popular/project-0006  ★ 49,994  Swift  Popular project number 6
 8. popular/project-0007  ★ 49,993  Swift  Popular project number 7
 9. popular/project-0008  ★ 49,992  Swift  Popular project number 8
10. popular/project-0009  ★ 49,991  Swift  Popular project number 9
Type 'next' for page 2, 'open N' for a repository.
repos> next
Found 1,234 repositories for "popular" (page 2 of 100):
11. popular/project-0010  ★ 49,990  Swift  Popular project number 10
12. popular/project-0011  ★ 49,989  Swift  Popular project number 11
13. popular/project-0012  ★ 49,988  Swift  Popular project number 12
14. popular/project-0013  ★ 49,987  Swift  Popular project number 13
15. popular/project-0014  ★ 49,986  Swift  Popular project number 14
16. popular/project-0015  ★ 49,985  Swift  Popular project number 15
17. popular/project-0016  ★ 49,984  Swift  Popular project number 16
18. popular/project-0017  ★ 49,983  Swift  Popular project number 17
19. popular/project-0018  ★ 49,982  Swift  Popular project number 18
20. popular/project-0019  ★ 49,981  Swift  Popular project number 19
Type 'next' for page 3, 'open N' for a repository.
repos> prev
Found 1,234 repositories for "popular" (page 1 of 100):
 1. popular/project-0000  ★ 50,000  Swift  Popular project number 0
 2. popular/project-0001  ★ 49,999  Swift  Popular project number 1
 3. popular/project-0002  ★ 49,998  Swift  Popular project number 2
 4. popular/project-0003  ★ 49,997  Swift  Popular project number 3
 5. popular/project-0004  ★ 49,996  Swift  Popular project number 4
 6. popular/project-0005  ★ 49,995  Swift  Popular project number 5
 7. popular/project-0006  ★ 49,994  Swift  Popular project number 6
 8. popular/project-0007  ★ 49,993  Swift  Popular project number 7
 9. popular/project-0008  ★ 49,992  Swift  Popular project number 8
10. popular/project-0009  ★ 49,991  Swift  Popular project number 9
Type 'next' for page 2, 'open N' for a repository.
repos> page 100
Found 1,234 repositories for "popular" (page 100 of 100):
 991. popular/project-0990  ★ 49,010  Swift  Popular project number 990
 992. popular/project-0991  ★ 49,009  Swift  Popular project number 991
 993. popular/project-0992  ★ 49,008  Swift  Popular project number 992
 994. popular/project-0993  ★ 49,007  Swift  Popular project number 993
 995. popular/project-0994  ★ 49,006  Swift  Popular project number 994
 996. popular/project-0995  ★ 49,005  Swift  Popular project number 995
 997. popular/project-0996  ★ 49,004  Swift  Popular project number 996
 998. popular/project-0997  ★ 49,003  Swift  Popular project number 997
 999. popular/project-0998  ★ 49,002  Swift  Popular project number 998
1000. popular/project-0999  ★ 49,001  Swift  Popular project number 999
GitHub serves only the first 1,000 results of a search: narrow the query to see the rest.
repos> next
error: GitHub serves only the first 1,000 of the 1,234 results: narrow the query to see others
repos> open 995
popular/project-0994
  description  Popular project number 994
  stars        49,006
  forks        994
  open issues  8
  language     Swift
  licence      MIT License
  url          https://github.com/popular/project-0994
  owner        popular
repos/detail> back
Found 1,234 repositories for "popular" (page 100 of 100):
 991. popular/project-0990  ★ 49,010  Swift  Popular project number 990
 992. popular/project-0991  ★ 49,009  Swift  Popular project number 991
 993. popular/project-0992  ★ 49,008  Swift  Popular project number 992
 994. popular/project-0993  ★ 49,007  Swift  Popular project number 993
 995. popular/project-0994  ★ 49,006  Swift  Popular project number 994
 996. popular/project-0995  ★ 49,005  Swift  Popular project number 995
 997. popular/project-0996  ★ 49,004  Swift  Popular project number 996
 998. popular/project-0997  ★ 49,003  Swift  Popular project number 997
 999. popular/project-0998  ★ 49,002  Swift  Popular project number 998
1000. popular/project-0999  ★ 49,001  Swift  Popular project number 999
GitHub serves only the first 1,000 results of a search: narrow the query to see the rest.
repos> state --json
{"stack":["search"],"query":"popular","page":100,"total":1234,"repositories":["popular/project-0990","popular/project-0991","popular/project-0992","popular/project-0993","popular/project-0994","popular/project-0995","popular/project-0996","popular/project-0997","popular/project-0998","popular/project-0999"],"selected":"popular/project-0994","ratelimit":{"limit":10,"remaining":9}}
repos> open 3
error: there is no repository 3 on this page: it lists 991…1000 (type e.g. 'open 991')
