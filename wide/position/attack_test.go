package position

// forEachAttackPath calls f with AttackThreats taking each path this
// processor can take, in turn.
func forEachAttackPath(f func(path string)) {
	useAttack4() // chosen, so that the choice does not overwrite the path set here
	defer func(vector bool) { attackVector.Store(vector) }(attackVector.Load())
	attackVector.Store(false)
	f("go")
	if hasAttack4 {
		attackVector.Store(true)
		f("avx512")
	}
}
