package negamax

// prefetch asks the CPU to bring the cache line at addr in, without waiting
// for it: the table probe of a child then finds its entry in cache.
//
//go:noescape
func prefetch(addr *uint64)
