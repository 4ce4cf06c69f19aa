# 1 "broken.c"
int ok;
# 50 "broken.c"
_Atomic int a; int bad = ;
