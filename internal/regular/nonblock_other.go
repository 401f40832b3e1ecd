//go:build !unix

package regular

// nonBlock is nothing where there are no named pipes to wait on.
const nonBlock = 0
