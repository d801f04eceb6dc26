struct `class` {}
class /* name */ Hidden {}
let r = /[a-z]+/
