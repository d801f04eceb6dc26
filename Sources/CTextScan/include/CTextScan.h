#ifndef OPLINT_CTEXTSCAN_H
#define OPLINT_CTEXTSCAN_H

// The module's umbrella header: every header of the target, named here so that a header
// added later changes this file and every module cache built from it is rebuilt.
#include "text_scan.h"
#include "source_skim.h"

#endif
