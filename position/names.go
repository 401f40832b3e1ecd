//widen:shared

package position

import "strings"

// ColumnName is the character that names column c (0-based) in a move
// string: '1'..'9', then 'a', 'b', ... for boards wider than 9.
func ColumnName(c int) byte {
	if c < 9 {
		return byte('1' + c)
	}
	return byte('a' + c - 9)
}

// Format writes 0-based columns as a move string, the inverse of Parse.
func Format(cols []int) string {
	var sb strings.Builder
	for _, c := range cols {
		sb.WriteByte(ColumnName(c))
	}
	return sb.String()
}
