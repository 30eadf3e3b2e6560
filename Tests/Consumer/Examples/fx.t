# fx: --cassette fx.cassette.json
Type 'rates' for today's euro rates, 'convert AMOUNT CUR' to convert euros (e.g. 'convert 10 USD').
fx> open 1
error: no currencies are listed yet: type 'rates' first
fx> rates
1 EUR on 2024-06-05:
1. CHF    0.9712  Swiss Franc
2. GBP    0.8507  British Pound
3. JPY  169.3400  Japanese Yen
4. USD    1.0867  United States Dollar
Type 'open N' for a currency, 'convert AMOUNT CUR' to convert EUR.
fx> convert 10 USD
10 EUR = 10.87 USD (rate of 2024-06-05)
fx> convert 5 CHF
error: cannot convert 5 EUR to CHF: the rates server did not answer (cannot connect to api.frankfurter.app: Connection refused): try again later
fx> convert 0 GBP
error: convert takes an amount of 1 or more, not 0 (type e.g. 'convert 10 USD')
fx> convert ten USD
error: 'ten' is not an amount: type a whole number, e.g. 'convert 1'
fx> convert 10 SEK
error: convert takes CHF, GBP, JPY or USD, not 'SEK' (type e.g. 'convert 10 USD')
fx> open 9
error: there is no currency 9: the list has 1…4 (type e.g. 'open 1')
fx> open 4
USD  United States Dollar
  1 EUR = 1.0867 USD
  1 USD = 0.9202 EUR
  rate of 2024-06-05
Type 'month' for its rates this month, 'back' for the list.
fx/USD> month
1 EUR in USD, 2024-06-03 to 2024-06-05:
  2024-06-03  1.0854
  2024-06-04  1.0872
  2024-06-05  1.0867
  change  +0.0013 (+0.12%)
fx/USD> state --json
{"stack":["rates","currency"],"base":"EUR","date":"2024-06-05","currencies":["CHF","GBP","JPY","USD"],"selected":"USD","lastConversion":{"amount":10,"to":"USD","result":"10.867"},"currency":"USD","rate":"1.0867","month":["2024-06-03 1.0854","2024-06-04 1.0872","2024-06-05 1.0867"]}
fx/USD> back
1 EUR on 2024-06-05:
1. CHF    0.9712  Swiss Franc
2. GBP    0.8507  British Pound
3. JPY  169.3400  Japanese Yen
4. USD    1.0867  United States Dollar
Type 'open N' for a currency, 'convert AMOUNT CUR' to convert EUR.
fx> open 2
GBP  British Pound
  1 EUR = 0.8507 GBP
  1 GBP = 1.1755 EUR
  rate of 2024-06-05
Type 'month' for its rates this month, 'back' for the list.
fx/GBP> month
error: cannot fetch the rates of GBP this month: the rates server said 404: not found
fx/GBP> back
1 EUR on 2024-06-05:
1. CHF    0.9712  Swiss Franc
2. GBP    0.8507  British Pound
3. JPY  169.3400  Japanese Yen
4. USD    1.0867  United States Dollar
Type 'open N' for a currency, 'convert AMOUNT CUR' to convert EUR.
fx> state --json
{"stack":["rates"],"base":"EUR","date":"2024-06-05","currencies":["CHF","GBP","JPY","USD"],"selected":"GBP","lastConversion":{"amount":10,"to":"USD","result":"10.867"}}
