^XA
^PW812^LL203^LH0,0^CI28
^FO20,20^A0N,40,40^FH^FDBell and escape[1m here^FS
^FO20,120^A0N,30,30^FH^FDtab and C1 next line^FS
^XZ
