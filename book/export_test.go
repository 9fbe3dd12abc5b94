package book

import "reflect"

func reflectValue(s *Spec) reflect.Value { return reflect.ValueOf(s).Elem() }
