class A extends B { }
class B extends C { }
class C extends A { }
class D extends D { }
