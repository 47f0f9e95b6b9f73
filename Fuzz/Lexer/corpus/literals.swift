let raw = #"a "quoted" \(not) \#(value)"#
let block = """
    line \(1 + 2) "inner"
    """
let extended = ##"""
  "#"""# still
  """##
/* outer /* nested */ still comment */ let x = 1
let regex = /[a-z]+\/x/
let ext = #/a/b/#
let `default` = x...y ..< z
let ok = a! / 2 / b
