// STUB: replaced by the driver work (issue #4).
int main() { return 0; }
