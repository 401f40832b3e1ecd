package position

// AttackThreats is Attack for the move of each column, as in c4/position,
// where it is documented; here it has only its Go path, a column at a time
// (c4/position's vector paths work on 64-bit words).
func (p Position) AttackThreats(moves, late Bits, columns, threats *[MaxWidth]Bits, counts *[MaxWidth]uint8) (wins uint64) {
	return p.attackThreatsGo(moves, late, columns, threats, counts)
}
