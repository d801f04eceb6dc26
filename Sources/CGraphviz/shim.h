#ifndef OPLINT_CGRAPHVIZ_SHIM_H
#define OPLINT_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
