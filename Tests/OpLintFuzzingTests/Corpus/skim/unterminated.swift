class Tick: Clock {}
let path = "a/b" // unterminated "
let s = "open
