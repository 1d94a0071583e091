//! Dealing: the random generators (dealer's own, reproduced exactly, and a counter-based
//! default), dealer's shuffle with predealt cards, and smart stacking of rare hands.
