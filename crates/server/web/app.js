// ddsolve page: the analysis app (an ES module, no build step).
