import OpLintCore
import CGraphviz
