package position

// forEachAttackPath calls f once: AttackThreats has only its Go path here.
func forEachAttackPath(f func(path string)) { f("go") }
