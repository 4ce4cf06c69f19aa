# 1 "orig.c"
# 1 "<built-in>"
# 1 "<command-line>"
# 1 "orig.c"
# 1 "/usr/include/hdr.h" 1 3 4
typedef int myint;
extern int hdr_var;
# 2 "orig.c" 2
int g;
_Atomic int counter; int other;

# 20 "orig.c"
void f(void) {
  g = 1; _Atomic(int) *p = &counter; other = 2;
  hdr_var = 3;
}
#line 100 "other.c"
int h(void) { return g; }
