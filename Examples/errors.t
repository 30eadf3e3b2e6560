count: 0
photos> fech
error: unknown command 'fech': did you mean 'fetch'? (type 'help' for the commands here)
photos> count x
error: count takes +, - or a number 0…30, not 'x' (type e.g. 'count 5')
photos> count 31
error: count must be within 0…30, not 31 (type e.g. 'count 5')
photos> page 1
error: there are no photos to page through yet: type 'fetch' first
photos> open 1
error: there are no photos to open yet: type 'fetch' first
photos> count 2
count: 2
photos> fetch 2
error: 'fetch' takes no arguments (usage: fetch)
photos> fetch
Fetched 2 photos.
▸ 1  2Tr0D_iV2WQ  Hot air balloons over a valley    Anna García         ♥ 101
  2  CDA5yLnU5qR  Autumn Leaves On A Forest Path    Anna García         ♥ 42
● ○  1/2
photos> page 3
error: there is no page 3: pages are 1…2 (type e.g. 'page 2')
photos> page two
error: 'two' is not a page: type a whole number, e.g. 1
photos> open 0
error: there is no photo 0: positions are 1…2 (type e.g. 'open 2')
photos> move 1
error: 'move' works in the detail and index-edit scenes, not in collection (type 'help' for the commands here)
photos> state --yaml
error: 'state' takes only --json, not '--yaml' (usage: state [--json])
photos> "unterminated
error: missing closing ": close the quote, or escape it as \"
