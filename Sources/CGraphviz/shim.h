#ifndef OPLINT_CGRAPHVIZ_SHIM_H
#define OPLINT_CGRAPHVIZ_SHIM_H
// libgvc.pc puts Graphviz's own include directory (…/include/graphviz) on the search path,
// wherever the prefix is (/usr on Debian, Homebrew's Cellar, MacPorts' /opt/local, Nix).
#include <gvc.h>
#include <cgraph.h>
#endif
